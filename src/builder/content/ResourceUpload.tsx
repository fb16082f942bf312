import { useTranslate, useDataProvider } from 'react-admin'
import { RESOURCE_KINDS, type ResourceBlockKind } from '../../../contracts/courses/content'
import { UploadField } from '../../ui/upload'
import { fileName } from './fileUrl'
import type { BlockValues } from './model'
import type { AppDataProvider } from '../../dataProvider'

const T = 'aula.builder.contentEditor'

/**
 * A block's file through the shared upload field: parameters from `blocks/resource-par` (the block's
 * kind picks the storage kind and its limits), the file straight to storage with its progress, then
 * the stored path into the block's values, which the saver sends like any edit.
 */
export function ResourceUpload({
  course,
  blockId,
  kind,
  values,
  onUploaded,
}: {
  course: string
  blockId: string
  kind: ResourceBlockKind
  values: BlockValues
  onUploaded: (path: string, file: File) => void
}) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  return (
    <UploadField
      label={translate(`${T}.fields.file`)}
      kind={RESOURCE_KINDS[kind]}
      // A SCORM package is a zip whatever type the browser gives it (some give none).
      accept={kind === 'scorm' ? '.zip' : undefined}
      currentName={values.path ? fileName(values) : null}
      helperText={kind === 'simulation' || kind === 'video' || kind === 'scorm' ? translate(`${T}.fields.${kind}Help`) : undefined}
      getParams={(ask) => dataProvider.askResourceUpload(course, blockId, kind, ask)}
      onUploaded={onUploaded}
    />
  )
}

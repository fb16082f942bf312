import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined'
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import { Box, Button, FormHelperText, Link, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { required as requiredValue, useDataProvider, useInput, useRecordContext, useTranslate, ValidationError } from 'react-admin'
import { CATALOGUE_UPLOADS, type CatalogueUpload } from '../../../contracts/admin/uploads'
import type { AppDataProvider } from '../../dataProvider'
import { UploadField } from '../../ui/upload'

const F = 'aula.admin.catalogues.fields'

/** The name a person gave the file: the stored path's last part without the random prefix the upload adds. */
export function storedFileName(path: unknown): string | null {
  if (typeof path !== 'string' || !path) return null
  return (path.split('/').pop() ?? path).replace(/^[0-9a-f]{16}-/, '')
}

/**
 * A catalogue item's file (certificate template, organisation logo): the current file shown (a link,
 * or the logo itself) and the shared upload field, which asks `general/resource-par`, uploads with its
 * progress and puts the stored path into the form; saving the form stores it. The item's read link
 * (`templateUrl`, `logoUrl`) shows the saved file; a file just uploaded is shown from the browser.
 */
export function CatalogueFileInput({
  source,
  upload,
  preview,
  optional = false,
}: {
  /** The item's path field (`templatePath`, `logoPath`); its read link is `<name>Url`. */
  source: string
  upload: CatalogueUpload
  preview: 'image' | 'file'
  /** Whether the item may have no file (an organisation without a logo). */
  optional?: boolean
}) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const record = useRecordContext<Record<string, unknown>>()
  const { field, fieldState, formState } = useInput({ source, validate: optional ? undefined : requiredValue() })
  const [chosen, setChosen] = useState<{ path: string; url: string | null } | null>(null)
  useEffect(() => () => void (chosen?.url && URL.revokeObjectURL(chosen.url)), [chosen])

  const path = typeof field.value === 'string' && field.value ? field.value : null
  const savedUrl = record?.[source.replace(/Path$/, 'Url')]
  const url = !path ? null : chosen?.path === path ? chosen.url : path === record?.[source] && typeof savedUrl === 'string' ? savedUrl : null
  const name = storedFileName(path)
  const label = translate(`${F}.${source}`)
  const error = fieldState.error && (fieldState.isTouched || formState.isSubmitted) ? fieldState.error.message : null

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, width: '100%', maxWidth: 640, mt: 1, mb: 2 }}>
      <UploadField
        label={label}
        kind={CATALOGUE_UPLOADS[upload].kind}
        helperText={translate(`${F}.${upload === 'organization-logo' ? 'logoHelp' : 'templateHelp'}`)}
        currentName={name}
        getParams={(ask, signal) => dataProvider.askCatalogueUpload({ kind: upload, ...ask }, signal)}
        onUploaded={(uploaded, file) => {
          setChosen({ path: uploaded, url: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null })
          field.onChange(uploaded)
          field.onBlur()
        }}
      />
      <Box
        role="group"
        aria-label={translate(`${F}.currentFile`)}
        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, minWidth: 0 }}
      >
        {!path ? (
          <Typography variant="body2" color="text.secondary">
            {translate(`${F}.noFile`)}
          </Typography>
        ) : preview === 'image' && url ? (
          <Box
            component="img"
            src={url}
            alt={translate(`${F}.logoAlt`)}
            sx={{ maxWidth: 200, maxHeight: 96, objectFit: 'contain', display: 'block', bgcolor: 'background.paper', p: 0.5, borderRadius: 0.5 }}
          />
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <DescriptionOutlined aria-hidden="true" />
            {url ? (
              <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                {name}
              </Link>
            ) : (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
            )}
          </Box>
        )}
        {optional && path ? (
          <Button color="error" size="small" startIcon={<DeleteOutlineOutlined />} onClick={() => field.onChange(null)} sx={{ ml: 'auto' }}>
            {translate(`${F}.removeLogo`)}
          </Button>
        ) : null}
      </Box>
      {error ? (
        <FormHelperText error>
          <ValidationError error={error} />
        </FormHelperText>
      ) : null}
    </Box>
  )
}

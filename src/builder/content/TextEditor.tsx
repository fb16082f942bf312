import { DefaultEditorOptions, RichTextInput } from 'ra-input-rich-text'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Form, useTranslate } from 'react-admin'
import type { BlockValues } from './model'
import { TextToolbar } from './TextToolbar'

const T = 'aula.builder.contentEditor'

/** Pasted images would reach learners without a description: images are blocks of their own. */
const extensions = (DefaultEditorOptions.extensions ?? []).filter((e) => e.name !== 'image')

/**
 * A text block's editor: react-admin's rich-text input in a form of its own (the content editor is not
 * a react-admin form), reporting every change; the server and every reader sanitise the HTML again.
 */
export function TextEditor({ blockId, values, onChange }: { blockId: string; values: BlockValues; onChange: (values: BlockValues) => void }) {
  const translate = useTranslate()
  const latest = useRef(values)
  useEffect(() => {
    latest.current = values
  }, [values])
  // The form starts from the block's text once; afterwards the editor owns what is typed.
  const [record] = useState(() => ({ id: blockId, html: values.html ?? '' }))
  const label = translate(`${T}.fields.text`)
  const editorOptions = useMemo(() => ({ ...DefaultEditorOptions, extensions, editorProps: { attributes: { 'aria-label': label } } }), [label])
  return (
    <Form record={record} onSubmit={() => undefined}>
      <RichTextInput
        source="html"
        label={label}
        id={`${blockId}-html`}
        helperText={false}
        editorOptions={editorOptions}
        onChange={(html: unknown) => onChange({ ...latest.current, html: typeof html === 'string' ? html : '' })}
        toolbar={<TextToolbar />}
      />
    </Form>
  )
}

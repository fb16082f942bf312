import { ToggleButton, ToggleButtonGroup } from '@mui/material'
import { useEffect, useState } from 'react'
import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
  type RichTextInputProps,
} from 'ra-input-rich-text'
import { useTranslate } from 'react-admin'

const T = 'aula.admin.catalogues.documents'

/**
 * Readers' screens show no images (the sanitiser drops them), so the editor does not take them either:
 * a pasted image would otherwise sit in the text without a description.
 */
const extensions = (DefaultEditorOptions.extensions ?? []).filter((e) => e.name !== 'image')

/**
 * The rich-text editor of documents. Its toolbar names the paragraph and heading styles with visible
 * words (the stock level menu is a list of unnamed buttons), and the editing area is named after its label.
 */
export function DocumentTextInput(props: RichTextInputProps) {
  const translate = useTranslate()
  const name = typeof props.label === 'string' ? translate(props.label) : undefined
  return (
    <RichTextInput
      {...props}
      editorOptions={{ ...DefaultEditorOptions, extensions, editorProps: { attributes: name ? { 'aria-label': name } : {} } }}
      toolbar={
        <RichTextInputToolbar>
          <TextStyleButtons />
          <FormatButtons size="small" />
          <ListButtons size="small" />
          <LinkButtons size="small" />
          <QuoteButtons size="small" />
          <ClearButtons size="small" />
        </RichTextInputToolbar>
      }
    />
  )
}

function TextStyleButtons() {
  const editor = useTiptapEditor()
  const translate = useTranslate()
  // Follow the cursor: every editor transaction may change the style under it.
  const [, setRound] = useState(0)
  useEffect(() => {
    if (!editor) return
    const follow = () => setRound((r) => r + 1)
    editor.on('transaction', follow)
    return () => {
      editor.off('transaction', follow)
    }
  }, [editor])
  const current = editor?.isActive('heading', { level: 2 }) ? 'h2' : editor?.isActive('heading', { level: 3 }) ? 'h3' : 'p'
  const apply = (style: string) => {
    if (!editor) return
    const chain = editor.chain().focus()
    if (style === 'p') chain.setNode('paragraph').run()
    else chain.setNode('heading', { level: style === 'h2' ? 2 : 3 }).run()
  }
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      onChange={(_e, value: string | null) => value && apply(value)}
      aria-label={translate(`${T}.textStyle`)}
    >
      <ToggleButton value="p" disabled={!editor?.isEditable}>
        {translate(`${T}.paragraph`)}
      </ToggleButton>
      <ToggleButton value="h2" disabled={!editor?.isEditable}>
        {translate(`${T}.heading`)}
      </ToggleButton>
      <ToggleButton value="h3" disabled={!editor?.isEditable}>
        {translate(`${T}.subheading`)}
      </ToggleButton>
    </ToggleButtonGroup>
  )
}

import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  type RichTextInputProps,
} from 'ra-input-rich-text'
import { useTranslate } from 'react-admin'

/**
 * The post's rich-text editor: its editing area is named after its label, and the toolbar leaves out
 * the stock paragraph-level menu (a list of unnamed buttons) for named format, list, link and quote buttons.
 */
export function PostBodyInput(props: RichTextInputProps) {
  const translate = useTranslate()
  const name = typeof props.label === 'string' ? translate(props.label) : undefined
  return (
    <RichTextInput
      {...props}
      editorOptions={{ ...DefaultEditorOptions, editorProps: { attributes: name ? { 'aria-label': name } : {} } }}
      toolbar={
        <RichTextInputToolbar>
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

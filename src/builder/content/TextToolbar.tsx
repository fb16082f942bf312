import FormatBoldIcon from '@mui/icons-material/FormatBold'
import FormatClearIcon from '@mui/icons-material/FormatClear'
import FormatItalicIcon from '@mui/icons-material/FormatItalic'
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted'
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered'
import FormatQuoteIcon from '@mui/icons-material/FormatQuote'
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined'
import InsertLinkIcon from '@mui/icons-material/InsertLink'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material'
import type { Editor } from '@tiptap/core'
// The command types of the extensions the rich-text input loads (bold, lists, link…).
import type {} from '@tiptap/starter-kit'
import { RichTextInputToolbar, useTiptapEditor } from 'ra-input-rich-text'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { isWebUrl } from './fileUrl'

const T = 'aula.builder.contentEditor.toolbar'

/** Re-renders on every editor transaction, so the buttons follow the cursor. */
function useEditorRound(editor: Editor | null) {
  const [, setRound] = useState(0)
  useEffect(() => {
    if (!editor) return
    const follow = () => setRound((r) => r + 1)
    editor.on('transaction', follow)
    return () => {
      editor.off('transaction', follow)
    }
  }, [editor])
}

/**
 * The text block toolbar, with every button named in the interface language (the stock buttons carry
 * English names) and a link dialog that accepts web addresses only.
 */
export function TextToolbar() {
  const editor = useTiptapEditor() as Editor | null
  const translate = useTranslate()
  const [linking, setLinking] = useState(false)
  useEditorRound(editor)
  const editable = Boolean(editor?.isEditable)
  const chain = () => editor!.chain().focus()
  const button = (name: string, active: boolean, run: () => void, icon: ReactNode) => (
    <Tooltip key={name} title={translate(`${T}.${name}`)}>
      <span>
        <ToggleButton value={name} size="small" selected={active} disabled={!editable} aria-label={translate(`${T}.${name}`)} onClick={run}>
          {icon}
        </ToggleButton>
      </span>
    </Tooltip>
  )
  const style = editor?.isActive('heading', { level: 3 }) ? 'h3' : editor?.isActive('heading', { level: 4 }) ? 'h4' : 'p'
  return (
    <RichTextInputToolbar>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={style}
        aria-label={translate(`${T}.style`)}
        onChange={(_e, value: string | null) => {
          if (!value || !editor) return
          if (value === 'p') chain().setNode('paragraph').run()
          else
            chain()
              .setNode('heading', { level: value === 'h3' ? 3 : 4 })
              .run()
        }}
      >
        <ToggleButton value="p" disabled={!editable}>
          {translate(`${T}.paragraph`)}
        </ToggleButton>
        <ToggleButton value="h3" disabled={!editable}>
          {translate(`${T}.heading`)}
        </ToggleButton>
        <ToggleButton value="h4" disabled={!editable}>
          {translate(`${T}.subheading`)}
        </ToggleButton>
      </ToggleButtonGroup>
      <div role="group" aria-label={translate(`${T}.format`)}>
        {button('bold', Boolean(editor?.isActive('bold')), () => chain().toggleBold().run(), <FormatBoldIcon fontSize="small" />)}
        {button('italic', Boolean(editor?.isActive('italic')), () => chain().toggleItalic().run(), <FormatItalicIcon fontSize="small" />)}
        {button('underline', Boolean(editor?.isActive('underline')), () => chain().toggleUnderline().run(), <FormatUnderlinedIcon fontSize="small" />)}
      </div>
      <div role="group" aria-label={translate(`${T}.lists`)}>
        {button('bulletList', Boolean(editor?.isActive('bulletList')), () => chain().toggleBulletList().run(), <FormatListBulletedIcon fontSize="small" />)}
        {button('orderedList', Boolean(editor?.isActive('orderedList')), () => chain().toggleOrderedList().run(), <FormatListNumberedIcon fontSize="small" />)}
        {button('quote', Boolean(editor?.isActive('blockquote')), () => chain().toggleBlockquote().run(), <FormatQuoteIcon fontSize="small" />)}
        {button('link', Boolean(editor?.isActive('link')), () => setLinking(true), <InsertLinkIcon fontSize="small" />)}
        {button('clear', false, () => chain().unsetAllMarks().clearNodes().run(), <FormatClearIcon fontSize="small" />)}
      </div>
      {linking && editor && <LinkDialog editor={editor} onClose={() => setLinking(false)} />}
    </RichTextInputToolbar>
  )
}

function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const translate = useTranslate()
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? 'https://')
  const [touched, setTouched] = useState(false)
  const valid = isWebUrl(href.trim())
  const submit = () => {
    setTouched(true)
    if (!valid) return
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run()
    onClose()
  }
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run()
    onClose()
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="text-link-title" fullWidth maxWidth="xs">
      <DialogTitle id="text-link-title">{translate(`${T}.linkTitle`)}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          margin="dense"
          label={translate('aula.builder.contentEditor.fields.url')}
          value={href}
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), submit())}
          error={touched && !valid}
          helperText={touched && !valid ? translate('aula.builder.contentEditor.validation.url') : translate('aula.builder.contentEditor.fields.urlHelp')}
        />
      </DialogContent>
      <DialogActions>
        {editor.isActive('link') && (
          <Button color="error" onClick={remove}>
            {translate(`${T}.unlink`)}
          </Button>
        )}
        <Button onClick={onClose}>{translate('aula.builder.contentEditor.moveDialog.cancel')}</Button>
        <Button variant="contained" onClick={submit}>
          {translate(`${T}.apply`)}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useLocaleState, useTranslate, useDataProvider } from 'react-admin'
import { AVATAR_STYLES, AVATAR_TEXT_MAX, AVATAR_VOICES, type AvatarRequest, type AvatarStyle, type AvatarVoice } from '../../../contracts/experimental/avatars'
import { ApiError, errorFor } from '../../dataProvider/http'
import { UploadField } from '../../ui/upload'
import type { AppDataProvider } from '../../dataProvider'

/** The voice that matches the interface language (mx and es speak Spanish, gr German, rs Russian). */
const VOICE_OF: Record<string, AvatarVoice> = { mx: 'es', es: 'es', eng: 'en', it: 'it', gr: 'de', rs: 'ru' }

interface Photo {
  path: string
  name: string
  preview: string
}

/**
 * The new-request form: the photo (uploaded straight to storage with progress, then previewed), the
 * text with its character count, the style and the voice's language. What was typed stays when the
 * request fails; after a success the text is cleared for the next one and the photo kept.
 */
export function RequestForm({ onCreated }: { onCreated: (request: AvatarRequest) => void }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const t = (key: string, options?: Record<string, unknown>) => translate(`aula.avatars.${key}`, options)
  const [locale] = useLocaleState()
  const id = useId()
  const [photo, setPhoto] = useState<Photo | null>(null)
  const [text, setText] = useState('')
  const [style, setStyle] = useState<AvatarStyle>('studio')
  const [voice, setVoice] = useState<AvatarVoice>(VOICE_OF[locale] ?? 'en')
  const [checked, setChecked] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<{ title: string; detail?: string } | null>(null)
  const [sent, setSent] = useState(false)
  const textInput = useRef<HTMLTextAreaElement>(null)
  const photoBox = useRef<HTMLDivElement>(null)

  // The preview's object URL is freed when replaced or when the form goes away.
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.preview) : undefined), [photo])

  const trimmed = text.trim()
  const textError = !trimmed ? t('form.textRequired') : text.length > AVATAR_TEXT_MAX ? t('form.textTooLong', { max: AVATAR_TEXT_MAX }) : null
  const photoError = photo ? null : t('form.photoRequired')

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    setSent(false)
    setFailure(null)
    if (photoError) {
      photoBox.current?.querySelector('button')?.focus()
      return
    }
    if (textError) {
      textInput.current?.focus()
      return
    }
    setSending(true)
    try {
      const created = await dataProvider.createAvatarRequest({ photo: photo!.path, text: trimmed, style, voice })
      onCreated(created)
      setText('')
      setChecked(false)
      setSent(true)
    } catch (err) {
      const failed = err instanceof ApiError ? err : errorFor('network', null)
      setFailure({ title: failed.title, detail: failed.status === 400 ? refusal(failed.body) : failed.detail })
    } finally {
      setSending(false)
    }
  }

  /** Says in the reader's language which field the API refused (its own messages are English). */
  function refusal(body: unknown): string | undefined {
    const errors = (body as { errors?: Record<string, string> } | null)?.errors ?? {}
    const code = (body as { code?: string } | null)?.code
    if (code === 'NOT_UPLOADED') return t('form.photoRequired')
    if (errors.photo) return t('form.photoUnreadable')
    if (errors.text) return t('form.textRequired')
    return undefined
  }

  const headingId = `${id}-heading`
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, minWidth: 0 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('form.heading')}
      </Typography>
      <Box ref={photoBox}>
        <UploadField
          label={t('form.photo')}
          kind="avatar-photo"
          getParams={dataProvider.askAvatarPhotoUpload}
          onUploaded={(path, file) => setPhoto({ path, name: file.name, preview: URL.createObjectURL(file) })}
          currentName={photo?.name ?? null}
          helperText={t('form.photoHelp')}
          disabled={sending}
        />
        {photo ? (
          <Box
            component="img"
            src={photo.preview}
            alt={t('form.preview')}
            sx={{ mt: 1, width: 144, height: 144, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        ) : null}
        {checked && photoError ? (
          <FormHelperText error sx={{ mx: 0 }}>
            {photoError}
          </FormHelperText>
        ) : null}
      </Box>
      <TextField
        inputRef={textInput}
        label={t('form.text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        maxRows={10}
        required
        disabled={sending}
        error={(checked || text.length > AVATAR_TEXT_MAX) && Boolean(textError)}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{(checked || text.length > AVATAR_TEXT_MAX) && textError ? textError : ''}</span>
            <span>{t('form.textCount', { count: text.length, max: AVATAR_TEXT_MAX })}</span>
          </Box>
        }
      />
      <FormControl disabled={sending}>
        <FormLabel id={`${id}-style`}>{t('form.style')}</FormLabel>
        <RadioGroup aria-labelledby={`${id}-style`} name="style" value={style} onChange={(e) => setStyle(e.target.value as AvatarStyle)}>
          {AVATAR_STYLES.map((s) => (
            <FormControlLabel
              key={s}
              value={s}
              control={<Radio />}
              label={
                <span>
                  {t(`styles.${s}`)}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {t(`styleHints.${s}`)}
                  </Typography>
                </span>
              }
              sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        select
        label={t('form.voice')}
        value={voice}
        onChange={(e) => setVoice(e.target.value as AvatarVoice)}
        disabled={sending}
        slotProps={{ select: { native: true } }}
      >
        {AVATAR_VOICES.map((v) => (
          <option key={v} value={v}>
            {t(`voices.${v}`)}
          </option>
        ))}
      </TextField>
      {failure ? (
        <Alert severity="error">
          <AlertTitle>{failure.title}</AlertTitle>
          {failure.detail}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={sending}>
          {sending ? t('form.sending') : t('form.submit')}
        </Button>
      </Stack>
      <Box role="status">{sent ? <Alert severity="success">{t('form.sent')}</Alert> : null}</Box>
    </Box>
  )
}

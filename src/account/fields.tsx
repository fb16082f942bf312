import Visibility from '@mui/icons-material/Visibility'
import VisibilityOff from '@mui/icons-material/VisibilityOff'
import { FormControl, FormHelperText, IconButton, InputAdornment, InputLabel, OutlinedInput, Typography, type InputBaseComponentProps } from '@mui/material'
import { useState, type ReactNode } from 'react'
import { FieldTitle, Form, InputHelperText, useInput, useLocaleState, useTranslate, type FormProps, type Validator } from 'react-admin'
import type { PasswordPolicy } from '../../contracts/config'
import { htmlLang, type Locale } from '../i18n'
import { policySummary } from './passwordPolicy'

/**
 * The account screens' form: the browser's own validation is off (requirements §5's messages show under each
 * field instead), and so is react-admin's "The form is not valid" toast, which repeats those messages
 * and covers the submit button.
 */
export function AccountForm(props: FormProps) {
  return <Form noValidate disableInvalidFormNotification {...props} />
}

export interface AccountTextFieldProps {
  source: string
  /** A translation key, as react-admin's inputs take it. */
  label: string
  validate?: Validator | Validator[]
  /** A translation key shown under the field; `false` reserves no line for it (errors still show). */
  helperText?: string | false
  type?: string
  autoComplete?: string
  disabled?: boolean
  /** Shown greyed, as react-admin's inputs do: a read-only field is also disabled. */
  readOnly?: boolean
  fullWidth?: boolean
  /** Attributes of the `<input>` itself (`inputMode`, `maxLength`). */
  htmlInput?: InputBaseComponentProps
  onChange?: (event: { target: { value: string } }) => void
  /** Drawn inside the field's end (the password's show/hide button). */
  endAdornment?: ReactNode
}

/**
 * react-admin's TextInput, as the account screens use it, without MUI's TextField: that one imports
 * Select (and NativeSelect, FilledInput, Input), which no account screen shows — 7 KB gzipped off the
 * sign-in page. The same parts TextField draws for its default outlined variant — label, outlined
 * input, helper line — fed by react-admin's `useInput`, so labels, the required asterisk, messages
 * (shown once the form is submitted) and their ARIA links stay as react-admin's.
 */
export function AccountTextField({
  source,
  label,
  validate,
  helperText,
  type = 'text',
  autoComplete,
  disabled,
  readOnly,
  fullWidth,
  htmlInput,
  onChange,
  endAdornment,
}: AccountTextFieldProps) {
  const {
    id,
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source, validate, onChange, disabled, readOnly })
  const title = <FieldTitle label={label} source={source} isRequired={isRequired} />
  // As TextInput: the helper line (or the space it keeps) unless told not to; an error always shows.
  const helper = helperText !== false || invalid
  const helperId = helper ? `${id}-helper-text` : undefined
  return (
    <FormControl className={`ra-input ra-input-${source}`} variant="outlined" fullWidth={fullWidth} disabled={disabled || readOnly} error={invalid}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {title}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        type={type}
        autoComplete={autoComplete}
        readOnly={readOnly}
        fullWidth={fullWidth}
        label={title}
        endAdornment={endAdornment}
        inputProps={htmlInput}
        aria-describedby={helperId}
      />
      {helper && (
        <FormHelperText id={helperId}>
          <InputHelperText error={error?.message} helperText={helperText} />
        </FormHelperText>
      )}
    </FormControl>
  )
}

/**
 * A password with react-admin's show/hide button (its names and icons), at the theme's medium height
 * like the text fields beside it (react-admin's PasswordInput forces `size="small"`), full width.
 */
export function PasswordField({ fullWidth = true, ...props }: Omit<AccountTextFieldProps, 'type' | 'endAdornment'>) {
  const translate = useTranslate()
  const [visible, setVisible] = useState(false)
  return (
    <AccountTextField
      {...props}
      fullWidth={fullWidth}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
            onClick={() => setVisible(!visible)}
            size="small"
          >
            {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  )
}

/** The password rule in one sentence, shown under a new-password field before anything is typed. */
export function PolicySummary({ policy, id }: { policy: PasswordPolicy; id?: string }) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  return (
    <Typography id={id} variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
      {policySummary(policy, translate, listLocale(locale))}
    </Typography>
  )
}

/** The BCP 47 tag whose list style the catalogue follows (English texts use the unserial "a, b and c"). */
export function listLocale(locale: string): string {
  if (locale === 'eng') return 'en-GB'
  return htmlLang[locale as Locale] ?? htmlLang.mx
}

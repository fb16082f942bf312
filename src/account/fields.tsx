import { Typography } from '@mui/material'
import { Form, PasswordInput, useLocaleState, useTranslate, type FormProps, type PasswordInputProps } from 'react-admin'
import type { PasswordPolicy } from '../../contracts/config'
import { htmlLang, type Locale } from '../i18n'
import { policySummary } from './passwordPolicy'

/**
 * The account screens' form: the browser's own validation is off (spec §5's messages show under each
 * field instead), and so is react-admin's "The form is not valid" toast, which repeats those messages
 * and covers the submit button.
 */
export function AccountForm(props: FormProps) {
  return <Form noValidate disableInvalidFormNotification {...props} />
}

/**
 * react-admin's PasswordInput forces `size="small"`, which makes it shorter than the text inputs
 * beside it; every account field keeps the theme's medium height.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput size="medium" fullWidth {...props} />
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

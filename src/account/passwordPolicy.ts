import { useEffect, useState } from 'react'
import type { PasswordPolicy } from '../../contracts/config'
import { DEFAULT_PASSWORD_POLICY, loadPublicConfig } from '../authProvider/config'

/** The pool's password rule from `GET /api/config` (the default rule until it answers). */
export function usePasswordPolicy(): PasswordPolicy {
  const [policy, setPolicy] = useState<PasswordPolicy>(DEFAULT_PASSWORD_POLICY)
  useEffect(() => {
    let live = true
    loadPublicConfig()
      .then((config) => live && setPolicy(config.passwordPolicy))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])
  return policy
}

/** The symbols Cognito counts as special characters (and space). */
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/

export type PasswordRule = 'minimum' | 'uppercase' | 'lowercase' | 'number' | 'symbol'

/** The rules the policy asks for, in the order the requirement list shows them. */
export function policyRules(policy: PasswordPolicy): PasswordRule[] {
  return [
    'minimum',
    ...(policy.requireUppercase ? (['uppercase'] as const) : []),
    ...(policy.requireLowercase ? (['lowercase'] as const) : []),
    ...(policy.requireNumbers ? (['number'] as const) : []),
    ...(policy.requireSymbols ? (['symbol'] as const) : []),
  ]
}

export function meetsRule(rule: PasswordRule, password: string, policy: PasswordPolicy): boolean {
  switch (rule) {
    case 'minimum':
      return password.length >= policy.minimumLength
    case 'uppercase':
      return /\p{Lu}/u.test(password)
    case 'lowercase':
      return /\p{Ll}/u.test(password)
    case 'number':
      return /\d/.test(password)
    case 'symbol':
      return SYMBOL.test(password)
  }
}

const MESSAGE: Record<PasswordRule, string> = {
  minimum: 'aula.account.validation.tooShort',
  uppercase: 'aula.account.validation.needsUppercase',
  lowercase: 'aula.account.validation.needsLowercase',
  number: 'aula.account.validation.needsNumber',
  symbol: 'aula.account.validation.needsSymbol',
}

/** react-admin validator: the first rule the password breaks, as a translatable message. */
export function passwordValidator(policy: PasswordPolicy) {
  return (value: string | undefined) => {
    if (!value) return undefined
    const broken = policyRules(policy).find((rule) => !meetsRule(rule, value, policy))
    return broken ? { message: MESSAGE[broken], args: { min: policy.minimumLength } } : undefined
  }
}

/**
 * The one-sentence form of the rule (register, complete register, forgot password step two); the
 * requirements are joined as the language joins a list ("a, b and c", "a, b y c", "a, b и c").
 */
export function policySummary(policy: PasswordPolicy, translate: (key: string, options?: Record<string, unknown>) => string, languageTag: string): string {
  const parts = policyRules(policy)
    .filter((r) => r !== 'minimum')
    .map((r) => translate(`aula.account.policy.part${r.charAt(0).toUpperCase()}${r.slice(1)}`))
  const min = policy.minimumLength
  if (!parts.length) return translate('aula.account.policy.summary', { min })
  const list = new Intl.ListFormat(languageTag, { style: 'long', type: 'conjunction' }).format(parts)
  return translate('aula.account.policy.summaryWith', { min, parts: list })
}

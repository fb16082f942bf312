/** react-admin validators carrying spec §5's messages (translated by react-admin). */
export const requiredWith = (key: string) => (value: unknown) =>
  value === undefined || value === null || value === '' || value === false ? `aula.account.validation.${key}` : undefined

export const mustMatch = (field: string) => (value: unknown, values: Record<string, unknown>) =>
  value && value !== values[field] ? 'aula.account.validation.passwordsMatch' : undefined

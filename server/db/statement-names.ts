/** How many distinct statements are prepared at most: the code's own queries, with room to spare. */
export const MAX_PREPARED = 1000

/**
 * The names both drivers prepare statement texts under: `aula_0`, `aula_1`, … one per distinct text,
 * the same text always the same name. Past MAX_PREPARED texts (only SQL built from varying parts could
 * get there) a new text gets none and runs unprepared.
 */
export function statementNames(): (text: string) => string | undefined {
  const names = new Map<string, string>()
  return (text) => {
    let name = names.get(text)
    if (name === undefined && names.size < MAX_PREPARED) names.set(text, (name = `aula_${names.size}`))
    return name
  }
}

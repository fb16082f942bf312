/** The course player's entry, mounted lazily at `/galaxy/courses/player/:uuid` and `/:uuid/:block`. */
export { PlayerPage, playerPath } from './PlayerPage'

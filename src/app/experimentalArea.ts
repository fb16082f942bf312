/** The experimental area's chunk (experimental group): the AI avatars screen. */
export { AiAvatarsScreen } from '../experimental/screens'

import type { builderContent as mx } from '../mx/builderContent'

export const builderContent = {} satisfies typeof mx

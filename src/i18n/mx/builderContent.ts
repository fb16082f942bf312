/** Texts of the course builder's content editor (sections, blocks, forms, history) and review view. */
export const builderContent = {}

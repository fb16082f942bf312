import englishMessages from 'ra-language-english'

/** react-admin's own texts. */
export const ra = englishMessages

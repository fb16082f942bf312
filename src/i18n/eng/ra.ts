import englishMessages from 'ra-language-english'
import type { RaMessages } from '../mx/ra'

/**
 * react-admin's own texts: its English catalogue as published. The package declares the looser
 * TranslationMessages type; the object itself carries every key (the catalogue test checks it).
 */
export const ra = englishMessages as RaMessages

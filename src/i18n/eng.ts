import englishMessages from 'ra-language-english'
import type { Messages } from './mx'

export const eng = {
  ...englishMessages,
  aula: {
    language: 'English',
    notFound: { title: 'Sorry, page not found', back: 'Back to Dashboard' },
    dashboard: { title: 'My courses', empty: "You haven't subscribed to any course yet" },
  },
} satisfies Messages

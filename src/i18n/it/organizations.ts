import type { OrganizationsMessages } from '../mx/organizations'

/** The organisation managers' screen (`/admin/{host}`). */
export const organizations: OrganizationsMessages = {
  title: 'Organizzazione %{name}',
  intro: 'Le persone con un indirizzo e-mail di %{domain}: le loro iscrizioni, i progressi e i certificati.',
  loadError: "Impossibile caricare l'organizzazione.",
  retry: 'Riprova',
  seats: {
    heading: 'Posti per corso',
    empty: 'Un amministratore non ha ancora assegnato posti alla tua organizzazione.',
    left: '%{left} posti liberi su %{seats}',
  },
  people: {
    heading: 'Persone',
    search: 'Cerca per nome o e-mail',
    empty: 'Nessuno con un indirizzo di questa organizzazione ha ancora un account.',
    noMatch: 'Nessuno corrisponde alla ricerca.',
    name: 'Nome',
    email: 'E-mail',
    next: 'Pagina successiva',
    previous: 'Pagina precedente',
    total: 'Persone trovate: %{count}',
  },
  person: {
    heading: 'Corsi di %{name}',
    close: 'Chiudi',
    empty: 'Ancora nessuna iscrizione.',
    course: 'Corso',
    status: 'Iscrizione',
    progress: 'Progresso',
    completed: 'Completato il',
    certificate: 'Certificato',
    none: '—',
  },
  status: { active: 'Attiva', expired: 'Scaduta', revoked: 'Revocata' },
  add: {
    heading: 'Aggiungi iscrizione',
    course: 'Corso',
    plan: 'Piano',
    submit: 'Aggiungi iscrizione',
    done: 'Iscrizione aggiunta: %{name} può ora studiare %{course}.',
    option: '%{course} (%{left} liberi)',
    noSeats: 'Non restano posti in nessun corso.',
  },
  report: { download: 'Scarica il report CSV', failed: 'Impossibile scaricare il report.' },
}

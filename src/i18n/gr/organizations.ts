import type { OrganizationsMessages } from '../mx/organizations'

/** The organisation managers' screen (`/admin/{host}`); formal address. */
export const organizations: OrganizationsMessages = {
  title: 'Organisation %{name}',
  intro: 'Die Personen mit einer E-Mail-Adresse von %{domain}: ihre Abonnements, ihr Fortschritt und ihre Zertifikate.',
  loadError: 'Die Organisation konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  seats: {
    heading: 'Plätze pro Kurs',
    empty: 'Ein Administrator hat Ihrer Organisation noch keine Plätze zugewiesen.',
    left: '%{left} von %{seats} Plätzen frei',
  },
  people: {
    heading: 'Personen',
    search: 'Nach Name oder E-Mail suchen',
    empty: 'Noch niemand mit einer E-Mail-Adresse dieser Organisation hat ein Konto.',
    noMatch: 'Niemand entspricht der Suche.',
    name: 'Name',
    email: 'E-Mail',
    next: 'Nächste Seite',
    previous: 'Vorherige Seite',
    total: 'Gefundene Personen: %{count}',
  },
  person: {
    heading: 'Kurse von %{name}',
    close: 'Schließen',
    empty: 'Noch keine Abonnements.',
    course: 'Kurs',
    status: 'Abonnement',
    progress: 'Fortschritt',
    completed: 'Abgeschlossen am',
    certificate: 'Zertifikat',
    none: '—',
  },
  status: { active: 'Aktiv', expired: 'Abgelaufen', revoked: 'Widerrufen' },
  add: {
    heading: 'Abonnement hinzufügen',
    course: 'Kurs',
    plan: 'Tarif',
    submit: 'Abonnement hinzufügen',
    done: 'Abonnement hinzugefügt: %{name} kann jetzt %{course} belegen.',
    option: '%{course} (%{left} frei)',
    noSeats: 'In keinem Kurs sind noch Plätze frei.',
  },
  report: { download: 'CSV-Bericht herunterladen', failed: 'Der Bericht konnte nicht heruntergeladen werden.' },
}

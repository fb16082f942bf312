import type { OrganizationsMessages } from '../mx/organizations'

/** The organisation managers' screen (`/admin/{host}`). */
export const organizations: OrganizationsMessages = {
  title: 'Организация %{name}',
  intro: 'Люди с адресом электронной почты %{domain}: их подписки, прогресс и сертификаты.',
  loadError: 'Не удалось загрузить организацию.',
  retry: 'Повторить',
  seats: {
    heading: 'Места по курсам',
    empty: 'Администратор ещё не выделил вашей организации места.',
    left: 'Свободно мест: %{left} из %{seats}',
  },
  people: {
    heading: 'Люди',
    search: 'Поиск по имени или почте',
    empty: 'Ни у кого с адресом этой организации ещё нет учётной записи.',
    noMatch: 'Никто не соответствует запросу.',
    name: 'Имя',
    email: 'Почта',
    next: 'Следующая страница',
    previous: 'Предыдущая страница',
    total: 'Найдено людей: %{count}',
  },
  person: {
    heading: 'Курсы: %{name}',
    close: 'Закрыть',
    empty: 'Подписок пока нет.',
    course: 'Курс',
    status: 'Подписка',
    progress: 'Прогресс',
    completed: 'Завершён',
    certificate: 'Сертификат',
    none: '—',
  },
  status: { active: 'Активна', expired: 'Истекла', revoked: 'Отозвана' },
  add: {
    heading: 'Добавить подписку',
    course: 'Курс',
    plan: 'Тариф',
    submit: 'Добавить подписку',
    done: 'Подписка добавлена: %{name} теперь может изучать курс «%{course}».',
    option: '%{course} (свободно: %{left})',
    noSeats: 'Свободных мест нет ни на одном курсе.',
  },
  report: { download: 'Скачать отчёт CSV', failed: 'Не удалось скачать отчёт.' },
}

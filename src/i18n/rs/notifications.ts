import type { NotificationsMessages } from '../mx/notifications'

export const notifications = {
  bell: 'Уведомления, непрочитанных: %{count}',
  bellLoading: 'Уведомления',
  menuTitle: 'Уведомления',
  markRead: 'Отметить как прочитанное',
  markAllRead: 'Отметить все как прочитанные',
  seeAll: 'Показать все',
  empty: 'У вас нет уведомлений.',
  unread: 'Не прочитано',
  page: {
    title: 'Уведомления',
    loadMore: 'Загрузить ещё',
    loadError: 'Не удалось загрузить уведомления.',
  },
  preferences: {
    title: 'Уведомления',
    intro: 'Все уведомления показываются в Aula. Выберите, какие из них также получать по электронной почте.',
    byMail: 'По почте: %{kind}',
    saved: 'Настройки сохранены',
    saveError: 'Не удалось сохранить настройки.',
  },
  kinds: {
    'subscription-added': 'Новая подписка',
    'subscription-revoked': 'Подписка отозвана',
    'certificate-issued': 'Получен сертификат',
    'course-updated': 'Курс обновлён',
    'import-finished': 'Импорт завершён',
    'avatar-ready': 'Аватар готов',
    'review-published': 'Опубликован проверяемый курс',
    'expiry-soon': 'Подписка скоро закончится',
    'discussion-reply': 'Ответ в обсуждении',
    'discussion-mention': 'Упоминание в обсуждении',
  },
  texts: {
    'subscription-added': 'Теперь у вас есть доступ к курсу «%{course}» (%{plan}).',
    'subscription-revoked': 'Ваша подписка на курс «%{course}» отозвана.',
    'certificate-issued': 'Вы получили сертификат курса «%{course}».',
    'course-updated': 'У курса «%{course}» новая версия (%{version}).',
    'import-finished': 'Импорт «%{name}» завершён: создано %{created}, с ошибками %{failed}.',
    'avatar-ready': 'Ваш аватар «%{title}» готов.',
    'review-published': 'Опубликована версия %{version} курса «%{course}», который вы проверяете.',
    'expiry-soon':
      'Ваша подписка на курс «%{course}» закончится через %{smart_count} день. |||| Ваша подписка на курс «%{course}» закончится через %{smart_count} дня. |||| Ваша подписка на курс «%{course}» закончится через %{smart_count} дней.',
    'discussion-reply': '%{author} ответил(а) в теме «%{thread}» (%{course}).',
    'discussion-mention': '%{author} упомянул(а) вас в теме «%{thread}» (%{course}).',
  },
} satisfies NotificationsMessages

import type { NotificationsMessages } from '../mx/notifications'

export const notifications = {
  bell: 'Notifications, %{count} unread',
  bellLoading: 'Notifications',
  menuTitle: 'Notifications',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  seeAll: 'See all',
  empty: 'You have no notifications.',
  unread: 'Unread',
  page: {
    title: 'Notifications',
    loadMore: 'Load more',
    loadError: 'The notifications could not be loaded.',
  },
  preferences: {
    title: 'Notifications',
    intro: 'Every notification shows in Aula. Choose which ones you also want by e-mail.',
    byMail: 'By e-mail: %{kind}',
    saved: 'Preferences saved',
    saveError: 'The preferences could not be saved.',
  },
  kinds: {
    'subscription-added': 'New subscription',
    'subscription-revoked': 'Subscription revoked',
    'certificate-issued': 'Certificate earned',
    'course-updated': 'Course updated',
    'import-finished': 'Import finished',
    'avatar-ready': 'Avatar ready',
    'review-published': 'Course you review published',
    'expiry-soon': 'Subscription ending soon',
    'discussion-reply': 'Reply in a discussion',
    'discussion-mention': 'Mentioned in a discussion',
  },
  texts: {
    'subscription-added': 'You now have access to the course "%{course}" (%{plan}).',
    'subscription-revoked': 'Your subscription to the course "%{course}" has been revoked.',
    'certificate-issued': 'You have earned the certificate of the course "%{course}".',
    'course-updated': 'The course "%{course}" has a new version (%{version}).',
    'import-finished': 'The import "%{name}" has finished: %{created} created, %{failed} with errors.',
    'avatar-ready': 'Your avatar "%{title}" is ready.',
    'review-published': 'Version %{version} of the course "%{course}", which you review, has been published.',
    'expiry-soon':
      'Your subscription to the course "%{course}" ends in %{smart_count} day. |||| Your subscription to the course "%{course}" ends in %{smart_count} days.',
    'discussion-reply': '%{author} replied in "%{thread}" (%{course}).',
    'discussion-mention': '%{author} mentioned you in "%{thread}" (%{course}).',
  },
} satisfies NotificationsMessages

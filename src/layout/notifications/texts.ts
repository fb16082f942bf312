import { useTranslate } from 'react-admin'
import type { Notification } from '../../../contracts/notifications'

/** A notification's text in the reader's language, from its kind and parameters. */
export function useNotificationText() {
  const translate = useTranslate()
  return (n: Pick<Notification, 'kind' | 'params'>) => translate(`aula.notifications.texts.${n.kind}`, { ...n.params, _: n.kind })
}

import { HttpError } from './http-error.js'

export const notFound = (message = 'Item not found') => new HttpError(404, message, 'NOT_FOUND')

export const stale = () =>
  new HttpError(409, 'The item was changed by someone else since you opened it; reload it and apply your changes again', 'STALE_REVISION')

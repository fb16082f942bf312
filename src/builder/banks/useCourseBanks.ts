import { useEffect, useState } from 'react'
import { useDataProvider } from 'react-admin'
import type { QuestionBank } from '../../../contracts/courses/content'
import type { AppDataProvider } from '../../dataProvider'

/** What a form's draws need to know of a bank. */
export interface BankSummary {
  id: string
  name: string
  count: number
}

type Listener = (banks: BankSummary[]) => void
const known = new Map<string, BankSummary[]>()
const listeners = new Map<string, Set<Listener>>()
const loading = new Map<string, Promise<unknown>>()

const summaryOf = (bank: Pick<QuestionBank, 'id' | 'name' | 'questions'>): BankSummary => ({ id: bank.id, name: bank.name, count: bank.questions.length })

/** Tells every form editor of the course what its banks are now (the banks tab calls it as it writes). */
export function publishBanks(course: string, banks: Array<Pick<QuestionBank, 'id' | 'name' | 'questions'>>) {
  const summaries = banks.map(summaryOf)
  known.set(course, summaries)
  for (const listener of listeners.get(course) ?? []) listener(summaries)
}

/**
 * The course's question banks, by name and size, for the form editors' draws: fetched once per course
 * and kept in step with the banks tab. Undefined while unknown (outside a course, or before the answer).
 */
export function useCourseBanks(course: string | undefined): BankSummary[] | undefined {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [banks, setBanks] = useState<BankSummary[] | undefined>(() => (course ? known.get(course) : undefined))
  useEffect(() => {
    if (!course) return
    const listener: Listener = (b) => setBanks(b)
    const set = listeners.get(course) ?? new Set()
    set.add(listener)
    listeners.set(course, set)
    if (!known.has(course) && !loading.has(course)) {
      loading.set(
        course,
        dataProvider
          .getQuestionBanks(course)
          .then((answer) => publishBanks(course, answer.items))
          .catch(() => undefined)
          .finally(() => loading.delete(course)),
      )
    } else if (known.has(course)) setBanks(known.get(course))
    return () => {
      set.delete(listener)
    }
  }, [course, dataProvider])
  return banks
}

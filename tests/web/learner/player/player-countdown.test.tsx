import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { api, COURSE, location, renderPlayer, useFakePlayer } from './playerFixture'

useFakePlayer()

describe('course player: the subscription countdown', () => {
  it('stays hidden with more than 14 days left', async () => {
    api.remainingDays = 15
    renderPlayer(`/galaxy/courses/player/${COURSE}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Handout' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Renew' })).not.toBeInTheDocument()
  })

  it('from 14 days before the end shows the days left and a Renew link to the overview', async () => {
    api.remainingDays = 14
    renderPlayer(`/galaxy/courses/player/${COURSE}`)
    const header = (await screen.findByTestId('player-brand')).closest('header')!
    expect(await screen.findByText('14 days left')).toBeInTheDocument()
    expect(header).toHaveTextContent('14 days left')
    const renew = screen.getByRole('link', { name: 'Renew' })
    expect(renew).toHaveAttribute('href', `/galaxy/courses/overview/${COURSE}`)
    await userEvent.click(renew)
    expect(location()).toHaveTextContent(`/galaxy/courses/overview/${COURSE}`)
  })

  it('says one day in the singular', async () => {
    api.remainingDays = 1
    renderPlayer(`/galaxy/courses/player/${COURSE}`)
    expect(await screen.findByText('1 day left')).toBeInTheDocument()
  })
})

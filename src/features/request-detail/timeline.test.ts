import { describe, expect, it } from 'vitest'
import type { Request } from '@contract/request'
import { timelineOf } from './timeline'

type Position = Pick<Request, 'status' | 'step' | 'subStep' | 'category'>
const creation = (status: Request['status'], step: Request['step'], subStep: Request['subStep']): Position => ({ status, step, subStep, category: 'creation' })
const states = (position: Position) => timelineOf(position).stages.map((stage) => `${stage.subStep}:${stage.state}`)

describe('timelineOf', () => {
  it('puts a new request at its initiation, with the whole path to come', () => {
    expect(states(creation('NEW', 'ORDER', 'INITIATION'))).toEqual([
      'INITIATION:current',
      'VALIDATION:upcoming',
      'PLANNING:upcoming',
      'INSTALLATION:upcoming',
      'ACTIVATION:upcoming',
      'DONE:upcoming',
    ])
  })

  it('marks the stages before an in-progress position as done and the later ones as to come', () => {
    const timeline = timelineOf(creation('IN_PROGRESS', 'DELIVERY', 'INSTALLATION'))
    expect(timeline.currentIndex).toBe(3)
    expect(states(creation('IN_PROGRESS', 'DELIVERY', 'INSTALLATION'))).toEqual([
      'INITIATION:done',
      'VALIDATION:done',
      'PLANNING:done',
      'INSTALLATION:current',
      'ACTIVATION:upcoming',
      'DONE:upcoming',
    ])
  })

  it('ends a completed request on its closure', () => {
    expect(states(creation('COMPLETED', 'CLOSURE', 'DONE'))).toEqual([
      'INITIATION:done',
      'VALIDATION:done',
      'PLANNING:done',
      'INSTALLATION:done',
      'ACTIVATION:done',
      'DONE:completed',
    ])
  })

  it('stops a rejected request where it was rejected, without the stages it will never reach', () => {
    expect(states(creation('REJECTED', 'ORDER', 'INITIATION'))).toEqual(['INITIATION:rejected'])
    expect(states(creation('REJECTED', 'ORDER', 'VALIDATION'))).toEqual(['INITIATION:done', 'VALIDATION:rejected'])
    // A request closed by a cancellation keeps the stage it had reached.
    expect(states(creation('REJECTED', 'DELIVERY', 'ACTIVATION'))).toEqual([
      'INITIATION:done',
      'VALIDATION:done',
      'PLANNING:done',
      'INSTALLATION:done',
      'ACTIVATION:rejected',
    ])
  })

  it('gives a cancellation its own short path', () => {
    expect(states({ status: 'NEW', step: 'ORDER', subStep: 'INITIATION', category: 'cancellation' })).toEqual(['INITIATION:current', 'DONE:upcoming'])
    expect(states({ status: 'COMPLETED', step: 'CLOSURE', subStep: 'DONE', category: 'cancellation' })).toEqual(['INITIATION:done', 'DONE:completed'])
  })

  it('says so when a position is not on the known path', () => {
    const timeline = timelineOf(creation('IN_PROGRESS', 'ORDER', 'DONE'))
    expect(timeline.currentIndex).toBe(-1)
    expect(timeline.stages.every((stage) => stage.state === 'upcoming')).toBe(true)
  })
})

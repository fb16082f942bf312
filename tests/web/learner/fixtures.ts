import type { CatalogueCourse, CourseOverview, LearnerPlan } from '../../../contracts/learner/catalogue'

export const COURSE = '11111111-1111-4111-8111-111111111111'
export const OTHER = '22222222-2222-4222-8222-222222222222'
export const BEGINNER = { id: '33333333-3333-4333-8333-333333333333', name: 'Beginner' }
export const SCIENCE = { id: '44444444-4444-4444-8444-444444444444', name: 'Science' }
export const FREE_PLAN: LearnerPlan = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Open access',
  durationDays: 30,
  free: true,
  price: null,
  currency: null,
}
export const SOLD_PLAN: LearnerPlan = {
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Mentored',
  durationDays: 90,
  free: false,
  price: 49.5,
  currency: 'USD',
}

export function card(over: Partial<CatalogueCourse> = {}): CatalogueCourse {
  return {
    uuid: COURSE,
    name: 'Chemistry at home',
    briefDescription: 'Safe experiments with what is in your kitchen.',
    cover: null,
    category: SCIENCE,
    difficulty: BEGINNER,
    organization: null,
    tags: ['lab'],
    durationHours: 6,
    publishedAt: '2026-11-01T10:00:00.000Z',
    ...over,
  }
}

export function overview(over: Partial<CourseOverview> = {}): CourseOverview {
  return {
    uuid: COURSE,
    version: 2,
    publishedAt: '2026-11-01T10:00:00.000Z',
    name: 'Chemistry at home',
    briefDescription: 'Safe experiments with what is in your kitchen.',
    description: '<p>Ten <strong>short</strong> experiments.</p><script>window.hacked = true</script>',
    requirements: 'Curiosity\nA kitchen',
    certificateDetails: '',
    durationHours: 6,
    difficulty: BEGINNER,
    category: SCIENCE,
    organization: null,
    keywords: [],
    tags: ['lab'],
    cover: null,
    thumbnail: null,
    presentation: '/files/presentation.mp4',
    salesEnabled: true,
    checkoutEnabled: false,
    Details: {},
    plans: [FREE_PLAN, SOLD_PLAN],
    outline: [
      {
        id: '77777777-7777-4777-8777-777777777777',
        title: 'Acids and bases',
        blocks: [{ id: '88888888-8888-4888-8888-888888888888', kind: 'text', title: 'Red cabbage indicator' }],
      },
    ],
    ...over,
  }
}

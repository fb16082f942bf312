/**
 * The evaluation form the API tests and the certificates bench give their courses: three questions,
 * one of each kind, 3 tries and 60 % to pass. A new object each call, so a test may change its copy.
 */
export function threeQuestionForm() {
  return {
    name: 'Check yourself',
    tries: 3,
    requiredScore: 60,
    questions: [
      {
        id: 'q1',
        type: 'single',
        text: 'Two plus two?',
        options: [
          { id: 'a', text: '4', correct: true },
          { id: 'b', text: '5', correct: false },
        ],
      },
      {
        id: 'q2',
        type: 'boolean',
        text: 'The sky is blue',
        options: [
          { id: 't', text: 'True', correct: true },
          { id: 'f', text: 'False', correct: false },
        ],
      },
      {
        id: 'q3',
        type: 'multiple',
        text: 'Which are prime?',
        options: [
          { id: 'x', text: '2', correct: true },
          { id: 'y', text: '3', correct: true },
          { id: 'z', text: '4', correct: false },
        ],
      },
    ],
  }
}

/** The answers of `threeQuestionForm` that are all right. */
export const RIGHT_ANSWERS = { q1: ['a'], q2: ['t'], q3: ['x', 'y'] }

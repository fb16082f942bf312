import '../account/eng'
import { configure } from '@testing-library/react'

// Each admin screen is loaded on first use; in jsdom the first load of a screen's module takes a
// second or two, longer than Testing Library's default wait.
configure({ asyncUtilTimeout: 8000 })

import '../account/eng'
import { configure } from '@testing-library/react'

// Each admin screen is loaded on first use; in jsdom the first load of a screen's module takes a
// second or two alone, and over ten seconds in CI, where the web lane shares two cores with five others.
configure({ asyncUtilTimeout: 20_000 })

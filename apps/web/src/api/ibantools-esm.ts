// The contracts load ibantools' CommonJS build for the server; the web bundle takes its ES module build
// instead (vite.config.ts), which the bundler can leave out of the first load where nothing there needs it.
export { composeIBAN, electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

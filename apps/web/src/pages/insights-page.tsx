// The insights page lives in src/insights; this module is its lazily loaded route entry, so the chart
// library is only downloaded by sellers who open it.
export { default } from '../insights/insights-page.tsx';

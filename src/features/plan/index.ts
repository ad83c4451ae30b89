/** Public face of the plan feature: the home overview widget (composed into the home page by src/app/). */
export { default as PlanOverview } from './components/PlanOverview';

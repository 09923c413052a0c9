/**
 * The home widget grid, for the page plugin that hosts it (`entity-home/home`): the manifest's widget
 * set for the session, laid out in a responsive grid with the user's saved layout and an edit mode.
 *
 * @example
 * export default function HomePage() {
 *   return <HomeGrid />;
 * }
 */
export { HomeGrid } from '../grid/home-grid.tsx';

import { useEffect, useState } from 'react';
import classes from './navigation-progress.module.css';

/** A page that comes within this time shows no bar: a flash would only distract. */
const PROGRESS_DELAY_MS = 150;

/**
 * The bar at the top of the window while the next page's code is on its way: the page a person left
 * stays on screen until then, and without the bar the click would seem to have done nothing. Mounted
 * for as long as the navigation lasts.
 */
export function NavigationProgress({ label }: { label: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // No aria-valuenow: an indeterminate progress bar.
  return shown ? <div className={classes.bar} role="progressbar" aria-label={label} /> : null;
}

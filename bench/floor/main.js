/* global document */
// The floor of bench:bundle: react + react-dom rendering one element, built like the portal.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (container !== null) createRoot(container).render(createElement('h1', null, 'floor'));

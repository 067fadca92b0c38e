/*! Engagement Suite chat widget: the launcher. The panel comes from widget-panel.js on first use. */
import { boot, findScript } from './boot.js';

// one widget per page, however many times the tag is included
if (!window.EngagementWidget) boot(findScript());

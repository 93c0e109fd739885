/**
 * The shared style primitives, loaded with the app shell (app/main-layout.tsx) so that they come
 * before any screen's own styles: a screen's rule that adjusts a primitive wins a tie of
 * specificity. (A style file imported only by lazily loaded screens gets a chunk of its own,
 * which the bundler links after the screen's styles.) Components still import what they use.
 */
import './card.css';
import './notice.css';
import './chip.css';
import './field.css';
import './hint-figure.css';
import './icon-button.css';
import './icon-tile.css';
import './sheet.css';
import './skeleton.css';
import './stack-list.css';
import './soft-button.css';
import './spinner.css';
import './switch.css';
import './text-link.css';

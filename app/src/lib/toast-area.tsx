import { Slide, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { useSyncExternalStore } from 'react';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from './notify';
import { isOneToastAtATime, subscribeToastLimit } from './toast';
import './toast-area.css';

/** The one toast container: top centre, below the safe area (toast-area.css), swipe to dismiss on touch. */
export function ToastArea() {
  // A game screen shows one at a time, the rest queued, so they never stack down over its stage.
  const oneAtATime = useSyncExternalStore(subscribeToastLimit, isOneToastAtATime, isOneToastAtATime);
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={oneAtATime ? 1 : TOAST_LIMIT}
      newestOnTop
      closeOnClick={false}
      closeButton
      pauseOnHover
      pauseOnFocusLoss
      draggable="touch"
      draggableDirection="x"
      // about 45 px of a 356 px toast (spec section 9: swipe threshold 45 px)
      draggablePercent={13}
      hideProgressBar={false}
      theme="dark"
      transition={Slide}
    />
  );
}

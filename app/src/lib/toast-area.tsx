import { Slide, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from './notify';
import './toast-area.css';

/** The one toast container: top centre, below the safe area (toast-area.css), swipe to dismiss on touch. */
export function ToastArea() {
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={TOAST_LIMIT}
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

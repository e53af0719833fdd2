// React and ReactDOM alone: the floor every page of the console starts from.
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(<p>Ordering Console</p>)

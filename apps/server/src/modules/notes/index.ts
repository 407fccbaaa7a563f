/* The notes module's public face: other modules import only from here. */
export { allNoteRoutes } from './all-notes-routes';
export { noteRoutes } from './routes';
export { scoreNoteRoutes } from './score-note-routes';
export { yearClassNoteRoutes } from './year-class-note-routes';

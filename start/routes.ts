/*
| Route registry: one file per area under start/routes/.
*/
import '#start/routes/system'

package systems

import "math"

// gridLimit bounds a grid coordinate: a cell coordinate further out is
// this one, so coordinates stay far from int32's overflow and a collider
// at 1e300 lands in the last cell rather than nowhere.
const gridLimit = 1 << 30

// maxCellsPerBody is how many cells a collider may cover and still be
// filed in them. One that covers more (a level-sized trigger, a long
// floor under small cells) is kept on a list of large colliders instead,
// which every test and query also visits, so no collider makes the grid
// hold or visit an unbounded number of cells.
const maxCellsPerBody = 1024

// grid is the collision system's broad phase: a uniform grid of square
// cells without bounds, of which only the cells holding a collider
// exist. A cell is found from its coordinates through a hash table, and
// holds a list of body indexes; cells that empty are deleted and their
// records reused, so memory follows the colliders, not the area they
// roam. Nothing here allocates once the tables have grown to the largest
// number of cells and filings the colliders needed at once.
type grid struct {
	size  float64 // a cell's side
	inv   float64 // 1 / size
	table []int32 // open addressing, linear probing: cell index + 1, or 0
	shift uint    // 64 - log2(len(table))
	cells []gridCell
	free  []int32 // deleted cells, for reuse
	nodes []gridNode
	spare int32 // first unused node, -1 for none
	used  int   // cells in the table
	filed int   // bodies filed in cells (nodes in use)
}

// gridCell is one cell in use: its coordinates and its list of bodies.
type gridCell struct {
	x, y int32
	head int32 // first node, -1 for none
}

// gridNode is one body filed in one cell.
type gridNode struct {
	body int32
	next int32 // next node of the cell's list (or of the spare list), -1 at the end
}

func newGrid(size float64) grid {
	return grid{size: size, inv: 1 / size, table: make([]int32, 64), shift: 64 - 6, spare: -1}
}

// coord returns the grid coordinate of v: the cell it lies in along one
// axis, bounded by ±gridLimit. (It multiplies by the inverse of the
// size, which may round differently from dividing by it, at a cell's
// edge: every coordinate comes from here, so they all agree.)
func (g *grid) coord(v float64) int32 {
	f := math.Floor(v * g.inv)
	switch {
	case f < -gridLimit:
		return -gridLimit
	case f > gridLimit:
		return gridLimit
	}
	return int32(f)
}

// within reports whether coord(v) is k, for k inside the bounds, without
// rounding: v·inv is in [k, k+1).
func (g *grid) within(v float64, k int32) bool {
	f := v * g.inv
	return f >= float64(k) && f < float64(k+1)
}

// hash returns the table slot where the search for cell (x, y) starts.
func (g *grid) hash(x, y int32) int {
	k := uint64(uint32(x))<<32 | uint64(uint32(y))
	return int((k * 0x9e3779b97f4a7c15) >> g.shift)
}

// find returns the index of cell (x, y), or -1 when it holds nothing.
func (g *grid) find(x, y int32) int32 {
	m := len(g.table) - 1
	for s := g.hash(x, y); ; s = (s + 1) & m {
		k := g.table[s] - 1
		if k < 0 {
			return -1
		}
		if c := &g.cells[k]; c.x == x && c.y == y {
			return k
		}
	}
}

// insert files body in cell (x, y), making the cell if it is not in use,
// and returns the cell's index.
func (g *grid) insert(x, y int32, body int32) int32 {
	k := g.find(x, y)
	if k < 0 {
		k = g.create(x, y)
	}
	n := g.spare
	if n >= 0 {
		g.spare = g.nodes[n].next
	} else {
		n = int32(len(g.nodes))
		g.nodes = append(g.nodes, gridNode{})
	}
	c := &g.cells[k]
	g.nodes[n] = gridNode{body: body, next: c.head}
	c.head = n
	g.filed++
	return k
}

// create puts a new, empty cell (x, y) in the table.
func (g *grid) create(x, y int32) int32 {
	if 2*(g.used+1) > len(g.table) {
		g.grow()
	}
	var k int32
	if n := len(g.free); n > 0 {
		k = g.free[n-1]
		g.free = g.free[:n-1]
	} else {
		k = int32(len(g.cells))
		g.cells = append(g.cells, gridCell{})
	}
	g.cells[k] = gridCell{x: x, y: y, head: -1}
	m := len(g.table) - 1
	s := g.hash(x, y)
	for g.table[s] != 0 {
		s = (s + 1) & m
	}
	g.table[s] = k + 1
	g.used++
	return k
}

// grow doubles the table and files every cell in use again.
func (g *grid) grow() {
	old := g.table
	g.table = make([]int32, 2*len(old))
	g.shift--
	m := len(g.table) - 1
	for _, v := range old {
		if v == 0 {
			continue
		}
		c := &g.cells[v-1]
		s := g.hash(c.x, c.y)
		for g.table[s] != 0 {
			s = (s + 1) & m
		}
		g.table[s] = v
	}
}

// remove takes body out of cell (x, y), which must hold it, and deletes
// the cell once it is empty.
func (g *grid) remove(x, y int32, body int32) { g.removeAt(g.find(x, y), body) }

// removeAt takes body out of the cell of index k, which must hold it, and
// deletes the cell once it is empty.
func (g *grid) removeAt(k int32, body int32) {
	c := &g.cells[k]
	prev := int32(-1)
	n := c.head
	for g.nodes[n].body != body {
		prev, n = n, g.nodes[n].next
	}
	if prev < 0 {
		c.head = g.nodes[n].next
	} else {
		g.nodes[prev].next = g.nodes[n].next
	}
	g.nodes[n].next = g.spare
	g.spare = n
	g.filed--
	if c.head < 0 {
		g.delete(k)
	}
}

// delete takes the empty cell k out of the table, shifting back the cells
// after it in its probe run so that every search still finds them.
func (g *grid) delete(k int32) {
	c := &g.cells[k]
	m := len(g.table) - 1
	s := g.hash(c.x, c.y)
	for g.table[s] != k+1 {
		s = (s + 1) & m
	}
	for hole, t := s, (s+1)&m; ; t = (t + 1) & m {
		v := g.table[t]
		if v == 0 {
			g.table[hole] = 0
			break
		}
		// The cell at t may fill the hole if its search starts at or
		// before the hole (cyclically): from home to t passes hole.
		o := &g.cells[v-1]
		if home := g.hash(o.x, o.y); (t-home)&m >= (t-hole)&m {
			g.table[hole] = v
			hole = t
		}
	}
	g.free = append(g.free, k)
	g.used--
}

// reset empties the grid, keeping its memory.
func (g *grid) reset() {
	clear(g.table)
	g.cells, g.free, g.nodes = g.cells[:0], g.free[:0], g.nodes[:0]
	g.spare, g.used, g.filed = -1, 0, 0
}

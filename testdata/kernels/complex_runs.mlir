// sandjit-test: rtol=0 atol=0
// Complex moves over contiguous runs (lower's complexify): where every complex access indexes its last axis
// with the innermost loop, that loop runs over both parts of each element (a flat view, twice the extent:
// static, from a run-time parameter or from a buffer's size; offsets doubled, run-time ones too); elsewhere an
// inner loop of 2 (a transpose, a gather along the last axis, a splat element); complex<f32> moves as 8-byte
// integers unless it is added. Dynamic complex<f64> ?x?: BiasAdd, Slice at a static column offset, ConcatV2
// on the last axis (the second part at a run-time offset), GatherV2 of rows, Select by rows with ZerosLike,
// Tile [1, 2], Pad, Transpose, Split of the tiled result in two on the last axis, MirrorPad; complex<f32>
// ?x?: BiasAdd (added part by part), ConcatV2. NaN, infinite and -0 parts keep their bits; empty cases.
func.func @test(%x: tensor<?x?xcomplex<f64>>, %bx: tensor<?xcomplex<f64>>, %y: tensor<?x?xcomplex<f32>>, %by: tensor<?xcomplex<f32>>, %i: tensor<?xi32>, %c: tensor<?xi1>) -> (tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>) {
  %0 = "tf.BiasAdd"(%x, %bx) {data_format = "NHWC"} : (tensor<?x?xcomplex<f64>>, tensor<?xcomplex<f64>>) -> tensor<?x?xcomplex<f64>>
  %begin = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %size = "tf.Const"() {value = dense<-1> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.Slice"(%x, %begin, %size) : (tensor<?x?xcomplex<f64>>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xcomplex<f64>>
  %ax1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %2 = "tf.ConcatV2"(%x, %1, %ax1) : (tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<i32>) -> tensor<?x?xcomplex<f64>>
  %ax0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %3 = "tf.GatherV2"(%x, %i, %ax0) : (tensor<?x?xcomplex<f64>>, tensor<?xi32>, tensor<i32>) -> tensor<?x?xcomplex<f64>>
  %z = "tf.ZerosLike"(%x) : (tensor<?x?xcomplex<f64>>) -> tensor<?x?xcomplex<f64>>
  %4 = "tf.Select"(%c, %x, %z) : (tensor<?xi1>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>) -> tensor<?x?xcomplex<f64>>
  %mult = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %5 = "tf.Tile"(%x, %mult) : (tensor<?x?xcomplex<f64>>, tensor<2xi32>) -> tensor<?x?xcomplex<f64>>
  %pads = "tf.Const"() {value = dense<[[1, 0], [2, 1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %6 = "tf.Pad"(%x, %pads) : (tensor<?x?xcomplex<f64>>, tensor<2x2xi32>) -> tensor<?x?xcomplex<f64>>
  %perm = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %7 = "tf.Transpose"(%x, %perm) : (tensor<?x?xcomplex<f64>>, tensor<2xi32>) -> tensor<?x?xcomplex<f64>>
  %8:2 = "tf.Split"(%ax1, %5) : (tensor<i32>, tensor<?x?xcomplex<f64>>) -> (tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>)
  %mp = "tf.Const"() {value = dense<[[0, 0], [1, 1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %9 = "tf.MirrorPad"(%x, %mp) {mode = "SYMMETRIC"} : (tensor<?x?xcomplex<f64>>, tensor<2x2xi32>) -> tensor<?x?xcomplex<f64>>
  %10 = "tf.BiasAdd"(%y, %by) {data_format = "NHWC"} : (tensor<?x?xcomplex<f32>>, tensor<?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  %11 = "tf.ConcatV2"(%y, %10, %ax1) : (tensor<?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>, tensor<i32>) -> tensor<?x?xcomplex<f32>>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8#0, %8#1, %9, %10, %11 : tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>
}

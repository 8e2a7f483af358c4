// Unique, UniqueV2, UniqueWithCounts, UniqueWithCountsV2: the distinct elements (slices along an axis) in order of
// first occurrence, each element's position among them, and the counts; the host computes them between the
// kernel before and the kernel after (y's size depends on the data). f32 with repeats, NaN (each NaN distinct),
// +0 and -0 (equal); i32 with i64 indices and counts; f16; ui8 through UniqueV2 with an empty axis; bool; the
// columns (axis -1, a NaN column distinct) and rows (axis 0) of an f32 matrix; the unique of a value computed in
// the kernel, gathered back through its indices. Empty vectors give empty results.
func.func @test(%f: tensor<?xf32>, %i: tensor<?xi32>, %h: tensor<?xf16>, %u: tensor<?xui8>, %b: tensor<?xi1>, %m: tensor<?x?xf32>, %x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xf16>, tensor<?xi32>, tensor<?xui8>, tensor<?xi64>, tensor<?xi1>, tensor<?xi32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?x?xf32>, tensor<?xi64>, tensor<?xf32>, tensor<?xf32>) {
  %0:2 = "tf.Unique"(%f) {device = ""} : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi32>)
  %1:3 = "tf.UniqueWithCounts"(%i) {out_idx = i64} : (tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi64>, tensor<?xi64>)
  %2:2 = "tf.Unique"(%h) {T = f16, out_idx = i32} : (tensor<?xf16>) -> (tensor<?xf16>, tensor<?xi32>)
  %none = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %3:2 = "tf.UniqueV2"(%u, %none) {out_idx = i64} : (tensor<?xui8>, tensor<0xi32>) -> (tensor<?xui8>, tensor<?xi64>)
  %4:2 = "tf.Unique"(%b) : (tensor<?xi1>) -> (tensor<?xi1>, tensor<?xi32>)
  %last = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %5:3 = "tf.UniqueWithCountsV2"(%m, %last) : (tensor<?x?xf32>, tensor<1xi32>) -> (tensor<?x?xf32>, tensor<?xi32>, tensor<?xi32>)
  %rows = "tf.Const"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  %6:2 = "tf.UniqueV2"(%m, %rows) {Taxis = i64, out_idx = i64} : (tensor<?x?xf32>, tensor<1xi64>) -> (tensor<?x?xf32>, tensor<?xi64>)
  %r = "tf.Floor"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %7:2 = "tf.Unique"(%r) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi32>)
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %g = "tf.GatherV2"(%7#0, %7#1, %z) {batch_dims = 0 : i64} : (tensor<?xf32>, tensor<?xi32>, tensor<i32>) -> tensor<?xf32>
  func.return %0#0, %0#1, %1#0, %1#1, %1#2, %2#0, %2#1, %3#0, %3#1, %4#0, %4#1, %5#0, %5#1, %5#2, %6#0, %6#1, %7#0, %g : tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xf16>, tensor<?xi32>, tensor<?xui8>, tensor<?xi64>, tensor<?xi1>, tensor<?xi32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?x?xf32>, tensor<?xi64>, tensor<?xf32>, tensor<?xf32>
}

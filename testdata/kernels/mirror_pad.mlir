// sandjit-test: rtol=0 atol=0
// MirrorPad: REFLECT (the edge left out, paddings up to dim - 1) and SYMMETRIC (the edge repeated, up to dim).
// f32 ?x?x? with constant paddings on every axis (NaN and Inf copied); f32 ?x? padded by an argument the host
// reads before the run (zeros in case 1, up to the dim in case 3), and by that argument clipped to 1 (host
// arithmetic); i64 vectors; i1 matrices.
func.func @test(%x: tensor<?x?x?xf32>, %z: tensor<?x?xf32>, %p: tensor<2x2xi32>, %n: tensor<?xi64>, %b: tensor<?x?xi1>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi64>, tensor<?xi64>, tensor<?x?xi1>) {
  %p0 = "tf.Const"() {value = dense<[[1, 1], [1, 2], [0, 1]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %p1 = "tf.Const"() {value = dense<[[0, 2], [3, 1], [2, 0]]> : tensor<3x2xi64>} : () -> tensor<3x2xi64>
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %pc = "tf.Minimum"(%p, %one) : (tensor<2x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  %p2 = "tf.Const"() {value = dense<[[1, 0]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %p3 = "tf.Const"() {value = dense<[[1, 1]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %p4 = "tf.Const"() {value = dense<[[1, 0], [0, 1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.MirrorPad"(%x, %p0) {mode = "REFLECT", device = ""} : (tensor<?x?x?xf32>, tensor<3x2xi32>) -> tensor<?x?x?xf32>
  %1 = "tf.MirrorPad"(%x, %p1) {mode = "SYMMETRIC"} : (tensor<?x?x?xf32>, tensor<3x2xi64>) -> tensor<?x?x?xf32>
  %2 = "tf.MirrorPad"(%z, %p) {mode = "SYMMETRIC"} : (tensor<?x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  %3 = "tf.MirrorPad"(%z, %pc) {mode = "REFLECT"} : (tensor<?x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  %4 = "tf.MirrorPad"(%n, %p2) {mode = "REFLECT"} : (tensor<?xi64>, tensor<1x2xi32>) -> tensor<?xi64>
  %5 = "tf.MirrorPad"(%n, %p3) {mode = "SYMMETRIC"} : (tensor<?xi64>, tensor<1x2xi32>) -> tensor<?xi64>
  %6 = "tf.MirrorPad"(%b, %p4) {mode = "SYMMETRIC"} : (tensor<?x?xi1>, tensor<2x2xi32>) -> tensor<?x?xi1>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi64>, tensor<?xi64>, tensor<?x?xi1>
}

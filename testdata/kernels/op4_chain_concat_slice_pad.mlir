// Data movement feeding reductions: ConcatV2 on the channels, StridedSlice [:, 1::2], Pad, Tile, a column
// Sum, ReverseV2 and Cumsum; inputs in [0, 1e4].
func.func @test(%arg0: tensor<?x5xf32>, %arg1: tensor<?x3xf32>) -> (tensor<?x12xf32>, tensor<12xf32>) {
  %cst = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ConcatV2"(%arg0, %arg1, %cst) {device = ""} : (tensor<?x5xf32>, tensor<?x3xf32>, tensor<i32>) -> tensor<?x8xf32>
  %cst_0 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %cst_1 = "tf.Const"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %cst_2 = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.StridedSlice"(%0, %cst_0, %cst_1, %cst_2) {begin_mask = 1 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 3 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<?x8xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xf32>
  %cst_3 = "tf.Const"() {value = dense<[[1, 0], [0, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %2 = "tf.Pad"(%1, %cst_3) {device = ""} : (tensor<?x4xf32>, tensor<2x2xi32>) -> tensor<?x6xf32>
  %cst_4 = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tf.Tile"(%2, %cst_4) {device = ""} : (tensor<?x6xf32>, tensor<2xi32>) -> tensor<?x12xf32>
  %cst_5 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %4 = "tf.Sum"(%3, %cst_5) {device = "", keep_dims = false} : (tensor<?x12xf32>, tensor<1xi32>) -> tensor<12xf32>
  %5 = "tf.ReverseV2"(%4, %cst_5) {device = ""} : (tensor<12xf32>, tensor<1xi32>) -> tensor<12xf32>
  %cst_6 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %6 = "tf.Cumsum"(%5, %cst_6) {device = "", exclusive = false, reverse = false} : (tensor<12xf32>, tensor<i32>) -> tensor<12xf32>
  func.return %3, %6 : tensor<?x12xf32>, tensor<12xf32>
}

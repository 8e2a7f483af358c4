// sandjit-test: rtol=0 atol=0
// StridedSlice with every mask: x[1:-1:2, ::-1], x[2, :, -1] (shrink_axis), x[..., newaxis, 1:3] (ellipsis
// and new_axis), y[-1:-5:-1, 1::3] (negative stride), y[newaxis, :, 0], x[::-2, 5:1:-1] (begin clamped to
// the dim) and x[:, :, 100:200] (empty).
func.func @test(%arg0: tensor<?x?x?xf32>, %arg1: tensor<?x?xi32>) -> (tensor<?x?x?xf32>, tensor<?xf32>, tensor<?x?x1x?xf32>, tensor<?x?xi32>, tensor<1x?xi32>, tensor<?x?x?xf32>, tensor<?x?x0xf32>) {
  %cst = "tf.Const"() {value = dense<[1, 0, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %cst_0 = "tf.Const"() {value = dense<[-1, 0, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %cst_1 = "tf.Const"() {value = dense<[2, -1, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "tf.StridedSlice"(%arg0, %cst, %cst_0, %cst_1) {begin_mask = 6 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 6 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<?x?x?xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %cst_2 = "tf.Const"() {value = dense<[2, 0, -1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %cst_3 = "tf.Const"() {value = dense<[3, 0, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %cst_4 = "tf.Const"() {value = dense<1> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tf.StridedSlice"(%arg0, %cst_2, %cst_3, %cst_4) {begin_mask = 2 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 2 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 5 : i64} : (tensor<?x?x?xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<?xf32>
  %cst_5 = "tf.Const"() {value = dense<[0, 0, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %cst_6 = "tf.Const"() {value = dense<[0, 0, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
  %cst_7 = "tf.Const"() {value = dense<1> : tensor<3xi64>} : () -> tensor<3xi64>
  %2 = "tf.StridedSlice"(%arg0, %cst_5, %cst_6, %cst_7) {begin_mask = 0 : i64, device = "", ellipsis_mask = 1 : i64, end_mask = 0 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 0 : i64} : (tensor<?x?x?xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<?x?x1x?xf32>
  %cst_8 = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %cst_9 = "tf.Const"() {value = dense<[-5, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %cst_10 = "tf.Const"() {value = dense<[-1, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tf.StridedSlice"(%arg1, %cst_8, %cst_9, %cst_10) {begin_mask = 0 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 2 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<?x?xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xi32>
  %cst_11 = "tf.Const"() {value = dense<0> : tensor<3xi32>} : () -> tensor<3xi32>
  %cst_12 = "tf.Const"() {value = dense<[0, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %4 = "tf.StridedSlice"(%arg1, %cst_11, %cst_12, %cst_4) {begin_mask = 2 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 2 : i64, new_axis_mask = 1 : i64, shrink_axis_mask = 4 : i64} : (tensor<?x?xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x?xi32>
  %cst_13 = "tf.Const"() {value = dense<[0, 5, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %cst_14 = "tf.Const"() {value = dense<[0, 1, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %cst_15 = "tf.Const"() {value = dense<[-2, -1, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %5 = "tf.StridedSlice"(%arg0, %cst_13, %cst_14, %cst_15) {begin_mask = 1 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 5 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<?x?x?xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %cst_16 = "tf.Const"() {value = dense<[0, 0, 100]> : tensor<3xi32>} : () -> tensor<3xi32>
  %cst_17 = "tf.Const"() {value = dense<[0, 0, 200]> : tensor<3xi32>} : () -> tensor<3xi32>
  %6 = "tf.StridedSlice"(%arg0, %cst_16, %cst_17, %cst_4) {begin_mask = 3 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 3 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<?x?x?xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<?x?x0xf32>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?x?x?xf32>, tensor<?xf32>, tensor<?x?x1x?xf32>, tensor<?x?xi32>, tensor<1x?xi32>, tensor<?x?x?xf32>, tensor<?x?x0xf32>
}

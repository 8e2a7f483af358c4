// Two-head self-attention as Keras graphs spell it: the head shape [B, T, 2, 4] built from tf.Shape with
// StridedSlice + ConcatV2, Reshape + Transpose into heads, Einsum scores, scale, Softmax, BatchMatMulV2
// with the values, Transpose back and Reshape to the input's shape; also the peak attention weight.
func.func @test(%arg0: tensor<?x?x8xf32> {python_test_attrs.static_type = tensor<2x7x8xf32>}, %arg1: tensor<?x?x8xf32> {python_test_attrs.static_type = tensor<2x7x8xf32>}, %arg2: tensor<?x?x8xf32> {python_test_attrs.static_type = tensor<2x7x8xf32>}) -> (tensor<?x?x8xf32>, tensor<?x2x?xf32>) {
  %0 = "tf.Shape"(%arg0) {device = ""} : (tensor<?x?x8xf32>) -> tensor<3xi32>
  %cst = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %cst_0 = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %cst_1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tf.StridedSlice"(%0, %cst, %cst_0, %cst_1) {begin_mask = 0 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<3xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %cst_2 = "tf.Const"() {value = dense<[2, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %cst_3 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %2 = "tf.ConcatV2"(%1, %cst_2, %cst_3) {device = ""} : (tensor<2xi32>, tensor<2xi32>, tensor<i32>) -> tensor<4xi32>
  %cst_4 = "tf.Const"() {value = dense<[0, 2, 1, 3]> : tensor<4xi32>} : () -> tensor<4xi32>
  %3 = "tf.Reshape"(%arg0, %2) {device = ""} : (tensor<?x?x8xf32>, tensor<4xi32>) -> tensor<?x?x2x4xf32>
  %4 = "tf.Transpose"(%3, %cst_4) {device = ""} : (tensor<?x?x2x4xf32>, tensor<4xi32>) -> tensor<?x2x?x4xf32>
  %5 = "tf.Reshape"(%arg1, %2) {device = ""} : (tensor<?x?x8xf32>, tensor<4xi32>) -> tensor<?x?x2x4xf32>
  %6 = "tf.Transpose"(%5, %cst_4) {device = ""} : (tensor<?x?x2x4xf32>, tensor<4xi32>) -> tensor<?x2x?x4xf32>
  %7 = "tf.Reshape"(%arg2, %2) {device = ""} : (tensor<?x?x8xf32>, tensor<4xi32>) -> tensor<?x?x2x4xf32>
  %8 = "tf.Transpose"(%7, %cst_4) {device = ""} : (tensor<?x?x2x4xf32>, tensor<4xi32>) -> tensor<?x2x?x4xf32>
  %9 = "tf.Einsum"(%4, %6) {device = "", equation = "bhqd,bhkd->bhqk"} : (tensor<?x2x?x4xf32>, tensor<?x2x?x4xf32>) -> tensor<?x2x?x?xf32>
  %cst_5 = "tf.Const"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %10 = "tf.Mul"(%9, %cst_5) {device = ""} : (tensor<?x2x?x?xf32>, tensor<f32>) -> tensor<?x2x?x?xf32>
  %11 = "tf.Softmax"(%10) {device = ""} : (tensor<?x2x?x?xf32>) -> tensor<?x2x?x?xf32>
  %12 = "tf.BatchMatMulV2"(%11, %8) {adj_x = false, adj_y = false, device = ""} : (tensor<?x2x?x?xf32>, tensor<?x2x?x4xf32>) -> tensor<?x2x?x4xf32>
  %13 = "tf.Transpose"(%12, %cst_4) {device = ""} : (tensor<?x2x?x4xf32>, tensor<4xi32>) -> tensor<?x?x2x4xf32>
  %14 = "tf.Reshape"(%13, %0) {device = ""} : (tensor<?x?x2x4xf32>, tensor<3xi32>) -> tensor<?x?x8xf32>
  %cst_6 = "tf.Const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %15 = "tf.Max"(%11, %cst_6) {device = "", keep_dims = false} : (tensor<?x2x?x?xf32>, tensor<1xi32>) -> tensor<?x2x?xf32>
  func.return %14, %15 : tensor<?x?x8xf32>, tensor<?x2x?xf32>
}

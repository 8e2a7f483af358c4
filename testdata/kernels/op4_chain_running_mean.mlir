// Running mean along time with the counts built from the dynamic shape: Cumsum, tf.Shape, StridedSlice
// (shrink to the scalar T), AddV2, Range(1, T + 1, 1), Cast, RealDiv; then the largest deviation |x - mean|
// per row (Sub, Abs, Max). Inputs in [0, 1e4].
func.func @test(%arg0: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %cst = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Cumsum"(%arg0, %cst) {device = "", exclusive = false, reverse = false} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %1 = "tf.Shape"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<2xi32>
  %cst_0 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %cst_1 = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %2 = "tf.StridedSlice"(%1, %cst_0, %cst_1, %cst_0) {begin_mask = 0 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
  %3 = "tf.AddV2"(%2, %cst) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %4 = "tf.Range"(%cst, %3, %cst) {device = ""} : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %5 = "tf.Cast"(%4) {Truncate = false, device = ""} : (tensor<?xi32>) -> tensor<?xf32>
  %6 = "tf.RealDiv"(%0, %5) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %7 = "tf.Sub"(%arg0, %6) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %8 = "tf.Abs"(%7) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %cst_2 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %9 = "tf.Max"(%8, %cst_2) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %6, %9 : tensor<?x?xf32>, tensor<?xf32>
}

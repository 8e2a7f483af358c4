// sandjit-test: rtol=0 atol=0
// Shape arithmetic on an input's shape and a scalar argument, as exported models compute their reshapes:
// Shape -> StridedSlice -> Mul -> Pack -> Reshape; ExpandDims -> ConcatV2 -> Reshape; Prod -> Cast -> Mul -> Range.
func.func @test(%arg0: tensor<?x?x?xf32>, %arg1: tensor<i32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi64>) {
  %s = "tf.Shape"(%arg0) {device = ""} : (tensor<?x?x?xf32>) -> tensor<3xi32>
  %b = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %e = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %d1 = "tf.StridedSlice"(%s, %b, %e, %b) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<3xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
  %m = "tf.Mul"(%d1, %arg1) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %neg = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %p = "tf.Pack"(%neg, %m) {axis = 0 : i64} : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %0 = "tf.Reshape"(%arg0, %p) {device = ""} : (tensor<?x?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %kk = "tf.ExpandDims"(%arg1, %z) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<1xi32>
  %neg1 = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %c = "tf.ConcatV2"(%kk, %neg1, %z) {device = ""} : (tensor<1xi32>, tensor<1xi32>, tensor<i32>) -> tensor<2xi32>
  %1 = "tf.Reshape"(%arg0, %c) {device = ""} : (tensor<?x?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %n = "tf.Prod"(%s, %z) {keep_dims = false} : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
  %n64 = "tf.Cast"(%n) {Truncate = false} : (tensor<i32>) -> tensor<i64>
  %k64 = "tf.Cast"(%arg1) {Truncate = false} : (tensor<i32>) -> tensor<i64>
  %lim = "tf.Mul"(%n64, %k64) {device = ""} : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %z64 = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %2 = "tf.Range"(%z64, %lim, %k64) {device = ""} : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  func.return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi64>
}

// Reverse scans and reverses over dynamic axes on i64 and i1: Cumsum/Cumprod reverse (exclusive and
// not), ReverseV2 of a bool, MirrorPad REFLECT on both dynamic axes.
// sweep: arg0=4x6 arg1=3x5 arg0.range=-3:4
func.func @test(%arg0: tensor<?x?xi64>, %arg1: tensor<?x?xi1>) -> (tensor<?x?xi64>, tensor<?x?xi64>, tensor<?x?xi1>, tensor<?x?xi64>) {
  %a0 = "tf.Const"() {device = "", value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %a1 = "tf.Const"() {device = "", value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %ax = "tf.Const"() {device = "", value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {device = "", value = dense<[[2, 1], [1, 3]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.Cumsum"(%arg0, %a0) {T = i64, Tidx = i32, device = "", exclusive = true, reverse = true} : (tensor<?x?xi64>, tensor<i32>) -> tensor<?x?xi64>
  %1 = "tf.Cumprod"(%arg0, %a1) {T = i64, Tidx = i32, device = "", exclusive = false, reverse = true} : (tensor<?x?xi64>, tensor<i32>) -> tensor<?x?xi64>
  %2 = "tf.ReverseV2"(%arg1, %ax) {T = i1, Tidx = i32, device = ""} : (tensor<?x?xi1>, tensor<2xi32>) -> tensor<?x?xi1>
  %3 = "tf.MirrorPad"(%arg0, %p) {T = i64, Tpaddings = i32, device = "", mode = "REFLECT"} : (tensor<?x?xi64>, tensor<2x2xi32>) -> tensor<?x?xi64>
  func.return %0, %1, %2, %3 : tensor<?x?xi64>, tensor<?x?xi64>, tensor<?x?xi1>, tensor<?x?xi64>
}

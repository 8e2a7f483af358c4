// Rank: the number of dims of x as an i32 scalar, whatever x's element type: of an unranked argument (one
// executable per rank, ranks 0 to 4 across the cases), of a dynamic i1 matrix (2, a host value before each run),
// and a rank the host feeds to integer ops (a Fill's dims: a vector of ones, one per dim of x).
func.func @test(%x: tensor<*xf32> {jitrt.constraint = "rank"}, %y: tensor<?x?xi1>) -> (tensor<i32>, tensor<i32>, tensor<?xi32>) {
  %0 = "tf.Rank"(%x) {device = ""} : (tensor<*xf32>) -> tensor<i32>
  %1 = "tf.Rank"(%y) {device = ""} : (tensor<?x?xi1>) -> tensor<i32>
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %dims = "tf.Pack"(%0) {axis = 0 : i64, device = ""} : (tensor<i32>) -> tensor<1xi32>
  %2 = "tf.Fill"(%dims, %one) {device = ""} : (tensor<1xi32>, tensor<i32>) -> tensor<?xi32>
  func.return %0, %1, %2 : tensor<i32>, tensor<i32>, tensor<?xi32>
}
